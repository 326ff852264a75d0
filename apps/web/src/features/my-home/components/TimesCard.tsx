import type { EnergyTimes } from '@homeview/contract/web';
import { type KeyboardEvent, useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { ChartFrame, stepFor } from '../../../shared/charts/ChartFrame';
import { timeLabel } from '../../../shared/time';
import { useTimes } from '../queries';
import { carbonBand, pencePerKwh, priceBands, timesSentences } from '../times';

// "Cheapest and greenest times" on My Home (issue 37): the coming half-hours as two strips, coloured by
// price and by the grid's carbon intensity, with the sentences that say when to run things. Colour is
// never alone: the windows are labelled under the strips, the arrow keys read each half-hour aloud, and
// the figures are a table.

export function TimesCard() {
  const times = useTimes();
  return (
    <section className="card times" aria-labelledby="times-title">
      <h2 className="card__title" id="times-title">
        Cheapest and greenest times
      </h2>
      {times.isError ? (
        <p className="muted">The coming prices could not be fetched: {errorMessage(times.error)}</p>
      ) : times.data === undefined ? (
        <p className="muted">Fetching the coming prices…</p>
      ) : (
        <TimesBody answer={times.data} />
      )}
    </section>
  );
}

export function TimesBody({ answer }: { answer: EnergyTimes }) {
  const words = timesSentences(answer);
  const said = [words.cheapest, words.greenest, words.appliance].filter((s): s is string => s !== null);
  return (
    <>
      {said.length > 0 ? (
        <ul className="times__sentences">
          {said.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      ) : null}
      {words.notes.map((n) => (
        <p key={n} className="muted">
          {n}
        </p>
      ))}
      <TimesStrip answer={answer} />
      {answer.carbon.status === 'forecast' ? (
        <p className="muted times__source">
          Carbon:{' '}
          {answer.carbon.region === 'Great Britain' ? 'Great Britain' : `the ${answer.carbon.region} region`}
          ’s forecast, {answer.carbon.source}.
        </p>
      ) : null}
    </>
  );
}

function slotText(answer: EnergyTimes, i: number): string {
  const s = answer.slots[i];
  if (s === undefined) return '';
  const price = s.price === null ? 'price not published yet' : `${pencePerKwh(s.price)} per kWh`;
  const carbon = s.carbon === null ? 'no carbon forecast' : `${s.carbon} gCO₂/kWh (${s.carbon_index})`;
  return `${timeLabel(s.start, answer.time_zone)}: ${price}, ${carbon}`;
}

/** A window's place along the strip, as percentages of its width. */
function span(answer: EnergyTimes, window: { start: number; end: number } | null) {
  const first = answer.slots[0]?.start ?? 0;
  const count = answer.slots.length;
  if (window === null || count === 0) return null;
  const from = (window.start - first) / 1800;
  return {
    style: {
      left: `${(from / count) * 100}%`,
      width: `${((window.end - window.start) / 1800 / count) * 100}%`,
    },
    // A window in the strip's second half is labelled leftwards from its end, so no label runs off it.
    end: from / count > 0.5,
  };
}

function TimesStrip({ answer }: { answer: EnergyTimes }) {
  const [cursor, setCursor] = useState<number | null>(null);
  const bands = priceBands(answer.slots);
  const cheapest = span(answer, answer.cheapest);
  const greenest = span(answer, answer.greenest);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = stepFor(event.key, cursor, answer.slots.length);
    if (next === undefined) return;
    event.preventDefault();
    setCursor(next);
  };
  // Hour marks every 6 local hours, at the half-hours whose local time is 00:00, 06:00, 12:00 or 18:00.
  const marks = answer.slots.flatMap((s, i) => {
    const label = timeLabel(s.start, answer.time_zone);
    // None so near the end that its label would be cut off.
    const room = i / answer.slots.length < 0.92;
    return room && ['00:00', '06:00', '12:00', '18:00'].includes(label) ? [{ i, label }] : [];
  });
  const drawing = (
    <div className="times-strip">
      <div className="times-strip__row" aria-hidden="true">
        {answer.slots.map((s, i) => (
          <span
            key={s.start}
            className={`times-strip__slot times-price--${bands[i]}${cursor === i ? ' times-strip__slot--cursor' : ''}`}
          />
        ))}
      </div>
      {cheapest ? (
        <div className="times-strip__window" style={cheapest.style} aria-hidden="true">
          <span className={`times-strip__label${cheapest.end ? ' times-strip__label--end' : ''}`}>
            Cheapest
          </span>
        </div>
      ) : null}
      <div className="times-strip__row" aria-hidden="true">
        {answer.slots.map((s, i) => (
          <span
            key={s.start}
            className={`times-strip__slot times-carbon--${carbonBand(s)}${cursor === i ? ' times-strip__slot--cursor' : ''}`}
          />
        ))}
      </div>
      {greenest ? (
        <div
          className="times-strip__window times-strip__window--green"
          style={greenest.style}
          aria-hidden="true"
        >
          <span className={`times-strip__label${greenest.end ? ' times-strip__label--end' : ''}`}>
            Greenest
          </span>
        </div>
      ) : null}
      <div className="times-strip__marks" aria-hidden="true">
        {marks.map((m) => (
          <span key={m.i} style={{ left: `${(m.i / answer.slots.length) * 100}%` }}>
            {m.label}
          </span>
        ))}
      </div>
    </div>
  );
  // The colours' key is said beside the strip; how to read a chart by the keys, once per screen, by
  // Today's chart above it (ChartFrame's hint).
  return (
    <>
      <p className="muted times__key">
        Top: price, pale cheap to dark dear. Bottom: carbon, green low to brown high.
      </p>
      <ChartFrame
        title="The coming half-hours: price (top) and carbon (bottom)"
        legend={[]}
        readout={cursor === null ? null : slotText(answer, cursor)}
        hint={null}
        size="rows"
        plotHeight={96}
        drawing={drawing}
        onKeyDown={onKeyDown}
        onBlur={() => setCursor(null)}
        tableLabel="Show the half-hours as a table"
        table={
          <table className="times-table">
            <caption className="visually-hidden">The coming half-hours</caption>
            <thead>
              <tr>
                <th scope="col">From</th>
                <th scope="col">Pence per kWh</th>
                <th scope="col">gCO₂/kWh</th>
              </tr>
            </thead>
            <tbody>
              {answer.slots.map((s) => (
                <tr key={s.start}>
                  <th scope="row">{timeLabel(s.start, answer.time_zone)}</th>
                  <td>{s.price === null ? 'not published' : pencePerKwh(s.price)}</td>
                  <td>{s.carbon === null ? 'no forecast' : `${s.carbon} (${s.carbon_index})`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
    </>
  );
}
