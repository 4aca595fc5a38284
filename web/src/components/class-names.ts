/** A className of the class names given, the empty ones (false, undefined, "") left out. */
export function classNames(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}
