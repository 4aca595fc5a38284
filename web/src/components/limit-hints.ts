/**
 * Hint texts built from the contract's limits, so a form never states a rule the server does not
 * check: `lengthRange(8, 64)` is "8-64 位".
 */
export function lengthRange(min: number, max: number): string {
  return `${min}-${max} 位`;
}
