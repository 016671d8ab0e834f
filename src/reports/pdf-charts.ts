// Charts drawn into the PDF with pdfkit's vector primitives, from data: no browser, no raster, so
// they stay sharp when printed and the numbers they show are text an auditor can select and copy.

import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;

export interface Bar { label: string; value: number; color: string }

export interface Box { x: number; y: number; width: number; height: number }

const AXIS = '#555555';
const GRID = '#dddddd';

/** Horizontal bars, one per category, each labelled with its value. */
export function horizontalBars(doc: Doc, box: Box, title: string, bars: readonly Bar[]): void {
  doc.font('Helvetica-Bold').fontSize(10).fillColor('black').text(title, box.x, box.y, { width: box.width });
  const top = box.y + 16;
  const labelWidth = 110;
  const valueWidth = 50;
  const plotWidth = box.width - labelWidth - valueWidth;
  const rowHeight = Math.min(18, (box.height - 16) / Math.max(1, bars.length));
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  doc.font('Helvetica').fontSize(8);
  bars.forEach((bar, i) => {
    const y = top + i * rowHeight;
    doc.fillColor('black').text(bar.label, box.x, y + 3, { width: labelWidth - 6, align: 'right', lineBreak: false });
    const width = (bar.value / max) * plotWidth;
    if (width > 0) doc.rect(box.x + labelWidth, y + 2, width, rowHeight - 5).fill(bar.color);
    doc.fillColor('black').text(String(bar.value), box.x + labelWidth + width + 4, y + 3, { width: valueWidth, lineBreak: false });
  });
  doc.moveTo(box.x + labelWidth, top).lineTo(box.x + labelWidth, top + bars.length * rowHeight).strokeColor(AXIS).lineWidth(0.5).stroke();
}

export interface StackSeries { label: string; color: string; values: readonly number[] }

/** Stacked columns over time (one per day), with a y axis and a legend. */
export function stackedColumns(doc: Doc, box: Box, title: string, labels: readonly string[], series: readonly StackSeries[]): void {
  doc.font('Helvetica-Bold').fontSize(10).fillColor('black').text(title, box.x, box.y, { width: box.width });
  const left = box.x + 36;
  const top = box.y + 18;
  const bottom = box.y + box.height - 30;
  const plotWidth = box.width - 40;
  const plotHeight = bottom - top;
  const totals = labels.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const max = niceMax(Math.max(1, ...totals));
  doc.font('Helvetica').fontSize(7);
  for (let step = 0; step <= 4; step += 1) {
    const value = (max / 4) * step;
    const y = bottom - (value / max) * plotHeight;
    doc.moveTo(left, y).lineTo(left + plotWidth, y).strokeColor(GRID).lineWidth(0.5).stroke();
    doc.fillColor(AXIS).text(formatTick(value), box.x, y - 3, { width: 32, align: 'right', lineBreak: false });
  }
  const slot = plotWidth / Math.max(1, labels.length);
  const barWidth = Math.max(1, slot * 0.7);
  labels.forEach((_, i) => {
    let y = bottom;
    for (const s of series) {
      const h = ((s.values[i] ?? 0) / max) * plotHeight;
      if (h > 0) doc.rect(left + i * slot + (slot - barWidth) / 2, y - h, barWidth, h).fill(s.color);
      y -= h;
    }
  });
  doc.moveTo(left, bottom).lineTo(left + plotWidth, bottom).strokeColor(AXIS).lineWidth(0.7).stroke();
  // First, middle and last dates: enough to read the axis without crowding it.
  const marks = [...new Set([0, Math.floor((labels.length - 1) / 2), labels.length - 1])].filter((i) => i >= 0);
  for (const i of marks) {
    doc.fillColor(AXIS).text(labels[i], left + i * slot + slot / 2 - 25, bottom + 3, { width: 50, align: 'center', lineBreak: false });
  }
  let x = left;
  for (const s of series) {
    doc.rect(x, bottom + 15, 8, 8).fill(s.color);
    doc.fillColor('black').text(s.label, x + 11, bottom + 16, { lineBreak: false });
    x += 80;
  }
}

function niceMax(value: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

function formatTick(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
