/** Comment limits: plain values, free of schemas. */
export const CommentLimits = { contentMax: 500 } as const;
