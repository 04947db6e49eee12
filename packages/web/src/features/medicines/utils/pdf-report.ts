import type { Medicine } from '@dosedot/domain';
import type { TFunction } from 'i18next';
import { formatDate, formatDateTime, formatDosageTime, formatPercent, formatTime } from '../../../lib/format';
import type { Language } from '../../../lib/locale';
import type { Adherence } from '../api/get-adherence';
import { qrCodePng } from './barcode';
import { downloadBlob } from './csv';
import { historyRows } from './history-rows';
import { posologyLines } from './posology-words';
import { formatStrength } from './strength';

export interface ReportInput {
  adherence: Adherence;
  medicines: Medicine[];
  patient: string;
  lang: string;
  t: TFunction;
  /** The current plan's eMediplan QR code text (CHMED16A), printed as a QR code; absent for a caregiver. */
  emediplan?: string | null;
}

/**
 * The report for a doctor (PDF, in the page language): the period, the figures over it, per medicine
 * and per week, then every dose. jsPDF loads only when a report is asked for.
 */
export async function downloadReport({
  adherence,
  medicines,
  patient,
  lang,
  t,
  emediplan,
}: ReportInput): Promise<void> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const doc = new jsPDF({ unit: 'pt', format: 'a4' });
  const zone = adherence.timezone;
  const pct = (rate: number | null) => formatPercent(rate, lang) ?? '–';
  const margin = 40;
  let y = margin;
  const nextY = () => (doc.lastAutoTable?.finalY ?? y) + 24;
  const heading = (text: string) => {
    doc.setFont('helvetica', 'bold').setFontSize(12).text(text, margin, y);
    y += 8;
  };
  const table = (head: string[], body: (string | number)[][]) => {
    autoTable(doc, {
      head: [head],
      body,
      startY: y,
      margin: { left: margin, right: margin },
      styles: { fontSize: 9 },
      headStyles: { fillColor: [0, 110, 150] },
    });
    y = nextY();
  };

  doc
    .setFont('helvetica', 'bold')
    .setFontSize(18)
    .text(t('medicines.report.title'), margin, y + 6);
  y += 32;
  doc.setFont('helvetica', 'normal').setFontSize(10);
  for (const line of [
    t('medicines.report.patient', { name: patient }),
    t('medicines.report.period', {
      from: formatDate(adherence.from, lang),
      to: formatDate(adherence.to, lang),
    }),
    t('medicines.report.timezone', { zone }),
    t('medicines.report.created', { date: formatDateTime(Date.now(), lang, zone) }),
  ]) {
    doc.text(line, margin, y);
    y += 14;
  }
  y += 12;
  if (emediplan) {
    // The plan's eMediplan code, so a pharmacy or the doctor's software reads it back (issue 27).
    const size = 110;
    const x = doc.internal.pageSize.getWidth() - margin - size;
    const png = new Uint8Array(await (await qrCodePng(emediplan)).arrayBuffer());
    doc.addImage(png, 'PNG', x, margin - 6, size, size);
    doc.setFontSize(7).text(t('emediplan.report.caption'), x + size, margin + size + 4, {
      align: 'right',
      maxWidth: size + 40,
    });
    doc.setFontSize(10);
    y = Math.max(y, margin + size + 24);
  }

  const s = adherence.totals;
  heading(t('medicines.report.summary'));
  table(
    [
      t('medicines.report.due'),
      t('medicines.report.taken'),
      t('medicines.status.by_hand'),
      t('medicines.report.missed'),
      t('medicines.report.adherence'),
      t('medicines.band.on_time'),
      t('medicines.band.about_1h'),
      t('medicines.band.over_2h'),
      t('medicines.dot.unmatched'),
    ],
    [[s.due, s.taken, s.byHand, s.missed, pct(s.adherence), s.onTime, s.about1h, s.over2h, s.unmatched]],
  );

  heading(t('medicines.report.perMedicine'));
  const byId = new Map(medicines.map((m) => [m.id, m]));
  table(
    [
      t('medicines.report.medicine'),
      t('medicines.allSchedules.strength'),
      t('medicines.report.times'),
      t('medicines.report.due'),
      t('medicines.report.taken'),
      t('medicines.status.by_hand'),
      t('medicines.report.missed'),
      t('medicines.report.adherence'),
      t('medicines.report.onTimeRate'),
    ],
    adherence.byMedicine.map((m) => {
      const medicine = byId.get(m.medicineId);
      return [
        medicine?.name ?? `#${m.medicineId}`,
        formatStrength(medicine?.strength ?? null, t) ?? '',
        medicine?.posology
          ? posologyLines(t, lang as Language, medicine.posology).join('; ')
          : medicine?.type === 2
            ? t('medicines.list.asNeeded')
            : (medicine?.dosage_times ?? []).map((d) => formatDosageTime(d, lang)).join(', '),
        m.due,
        m.taken,
        m.byHand,
        m.missed,
        pct(m.adherence),
        pct(m.onTimeRate),
      ];
    }),
  );

  heading(t('medicines.report.perWeek'));
  table(
    [
      t('medicines.report.week'),
      t('medicines.report.due'),
      t('medicines.report.taken'),
      t('medicines.status.by_hand'),
      t('medicines.report.missed'),
      t('medicines.report.adherence'),
      t('medicines.report.onTimeRate'),
    ],
    adherence.byWeek.map((w) => [
      w.period,
      w.due,
      w.taken,
      w.byHand,
      w.missed,
      pct(w.adherence),
      pct(w.onTimeRate),
    ]),
  );

  heading(t('medicines.report.doses'));
  const intakes = adherence.days.flatMap((d) => d.intakes).reverse();
  const rows = historyRows(intakes, lang, zone, t);
  table(
    [
      t('medicines.history.date'),
      t('medicines.history.scheduled'),
      t('medicines.report.medicine'),
      t('medicines.history.status'),
      t('medicines.history.press'),
      t('medicines.history.difference'),
    ],
    rows.map((r, i) => [
      r.cells[0],
      r.cells[1],
      (intakes[i]?.medicineIds ?? []).map((id) => byId.get(id)?.name ?? `#${id}`).join(', '),
      r.cells[2],
      r.cells[3] ? formatTime(intakes[i]?.press ?? '', lang, zone) : '',
      r.cells[4],
    ]),
  );

  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page).setFont('helvetica', 'normal').setFontSize(8);
    const h = doc.internal.pageSize.getHeight();
    doc.text(t('medicines.report.footer', { page, pages }), margin, h - 20);
  }
  downloadBlob(doc.output('blob'), `dosedot-report-${adherence.from}-${adherence.to}.pdf`);
}

// jspdf-autotable keeps the last table it drew on the document; its types do not say so.
declare module 'jspdf' {
  interface jsPDF {
    lastAutoTable?: { finalY: number };
  }
}
