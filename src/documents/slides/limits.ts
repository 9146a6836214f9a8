// The Slides engine's limits, in a module of their own so the request schemas can name them without
// importing the deck code (and its XML libraries) at start.

/** A generation call writes at most this many slides (SPEC: "Slides per generation call"). */
export const MAX_SLIDES_PER_CALL = 30;
