/**
 * Render orders of the board's layers. Everything is drawn in one three.js scene and most of it is
 * transparent, so these orders, not depth alone, decide what shows over what.
 */
export const ORDER_GROUND = 0;
export const ORDER_PIECES = 1;
/** The avatar's see-through outline: over every piece, under the labels. */
export const ORDER_GHOST = 2;
export const ORDER_LABELS = 3;
export const ORDER_OVERLAY = 4;
