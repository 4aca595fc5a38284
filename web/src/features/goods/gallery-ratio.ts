/**
 * The stage's width / height, from the cover's own shape once it has loaded: a landscape cover fills
 * the width with no band under it, down to 2:1 (a panorama keeps a band above and below rather
 * than a sliver of a stage); a portrait or square one keeps the square stage, whole within it.
 */
export function stageRatio(width: number, height: number): number {
  if (!(width > 0 && height > 0)) return 1;
  return Math.min(2, Math.max(1, width / height));
}
