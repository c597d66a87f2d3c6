import { acceptChannels, type PartnerInsight } from '../../../core/lead/insight.ts';
import { words } from '../app-words.ts';
import { count, duration, money, percent } from './format.ts';
import { DataTable } from './DataTable.tsx';

const w = words.reports.partners;

/** The range's offers by partner, why they declined, their urgent jobs on site by city, and the promise kept by place. */
export function PartnerReports({ partners }: { partners: PartnerInsight }) {
  const { byPartner, promise } = partners;
  const declines = byPartner.flatMap((p) =>
    p.declineReasons.map((r) => ({ key: `${p.id}/${r.label}`, cells: [w.partnerReason(p.name, r.label), count(r.count)] })),
  );
  const onSite = byPartner.flatMap((p) =>
    p.onSite.map((o) => ({ key: `${p.id}/${o.city}`, cells: [w.partnerCity(p.name, o.city), count(o.count), count(o.inTime), percent(o.inTime, o.count)] })),
  );
  return (
    <>
      <p className="mt-1 text-slate-700">{w.intro}</p>
      {byPartner.length === 0 ? (
        <p className="mt-3 text-slate-700">{w.noOffers}</p>
      ) : (
        <DataTable
          caption={w.byPartner}
          columns={[
            w.partner,
            w.offers,
            w.accepted,
            w.declined,
            w.noAnswer,
            w.withdrawn,
            w.waiting,
            w.medianAccept,
            ...acceptChannels.map((c) => w.medianAcceptVia[c]),
            w.wonValue,
          ]}
          rows={byPartner.map((p) => ({
            key: p.id,
            cells: [
              p.name,
              count(p.offers),
              count(p.accepted),
              count(p.declined),
              count(p.noAnswer),
              count(p.withdrawn),
              count(p.waiting),
              duration(p.medianAcceptMinutes),
              ...acceptChannels.map((c) => duration(p.medianAcceptMinutesVia[c])),
              money(p.won.cents),
            ],
          }))}
        />
      )}
      {declines.length > 0 && <DataTable caption={w.declines} columns={[w.partnerAndReason, w.declined]} rows={declines} />}
      {onSite.length > 0 && <DataTable caption={w.onSite} columns={[w.partnerAndCity, w.onSiteCount, w.inTime, w.share]} rows={onSite} />}
      <p className="mt-4 text-slate-700">{w.promiseIntro}</p>
      {promise.length === 0 ? (
        <p className="mt-2 text-slate-700">{w.noUrgent}</p>
      ) : (
        <DataTable
          caption={w.promise}
          columns={[w.city, w.urgent, w.kept, w.share]}
          rows={promise.map((p) => ({ key: p.city, cells: [p.city, count(p.urgent), count(p.kept), percent(p.kept, p.urgent)] }))}
        />
      )}
    </>
  );
}
