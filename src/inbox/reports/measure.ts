/** How wide a chart's text draws, so labels are cut short and room is kept to fit them rather than guessed. */
let context: CanvasRenderingContext2D | null | undefined;

/** Width in px of a text in the page's font at a size (px) and weight; a rough guess where no canvas is to hand. */
export function textWidth(text: string, size: number, weight = 400): number {
  if (context === undefined) context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return text.length * size * 0.6;
  context.font = `${weight} ${size}px ${getComputedStyle(document.body).fontFamily}`;
  return context.measureText(text).width;
}

/** The text, cut short with "…" if it would draw wider than the room. */
export function clip(text: string, room: number, size: number, weight = 400): string {
  if (textWidth(text, size, weight) <= room) return text;
  let end = text.length;
  while (end > 1 && textWidth(`${text.slice(0, end)}…`, size, weight) > room) end--;
  return `${text.slice(0, end)}…`;
}
