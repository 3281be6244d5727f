/**
 * Material-icon names drawn as simple glyphs (the icon font is not loaded in a canvas texture).
 * A few common shapes get their own drawing; any other name shows its first letter in a circle.
 */
export function iconGlyph(
  ctx: CanvasRenderingContext2D,
  name: string,
  cx: number,
  cy: number,
  size: number,
  ink: string,
): void {
  ctx.fillStyle = ink;
  ctx.strokeStyle = ink;
  const r = size / 2;
  const dot = (x: number, y: number, radius: number) => {
    ctx.beginPath();
    ctx.arc(x, y, radius, 0, Math.PI * 2);
    ctx.fill();
  };
  switch (name) {
    case "blur_on":
    case "blur_circular":
    case "grain":
      for (let i = -2; i <= 2; i++)
        for (let j = -2; j <= 2; j++) {
          const d = Math.hypot(i, j);
          if (d > 2.5) continue;
          dot(cx + i * r * 0.38, cy + j * r * 0.38, r * (0.14 - d * 0.03));
        }
      return;
    case "star":
    case "grade":
      ctx.beginPath();
      for (let k = 0; k < 10; k++) {
        const a = -Math.PI / 2 + (k * Math.PI) / 5;
        const rr = k % 2 === 0 ? r : r * 0.45;
        ctx.lineTo(cx + Math.cos(a) * rr, cy + Math.sin(a) * rr);
      }
      ctx.closePath();
      ctx.fill();
      return;
    case "circle":
    case "lens":
    case "fiber_manual_record":
      dot(cx, cy, r * 0.8);
      return;
    case "close":
    case "clear":
      ctx.lineWidth = r * 0.25;
      ctx.beginPath();
      ctx.moveTo(cx - r * 0.6, cy - r * 0.6);
      ctx.lineTo(cx + r * 0.6, cy + r * 0.6);
      ctx.moveTo(cx + r * 0.6, cy - r * 0.6);
      ctx.lineTo(cx - r * 0.6, cy + r * 0.6);
      ctx.stroke();
      return;
    default: {
      ctx.lineWidth = r * 0.12;
      ctx.beginPath();
      ctx.arc(cx, cy, r * 0.8, 0, Math.PI * 2);
      ctx.stroke();
      ctx.font = `bold ${r}px sans-serif`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText((name[0] ?? "?").toUpperCase(), cx, cy + r * 0.05);
    }
  }
}
