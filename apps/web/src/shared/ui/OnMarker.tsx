// The marker of an appliance used in the past hour (spec §2.2, §2.3: status.state 'on'), on HomeView's and
// InfoCare's lists alike. The state means a use overlapping the past hour, not that it is running now, so
// the words say so: a bare "On" beside a kettle switched off minutes ago reads as "on now" (issue 33 item 5).

export function OnMarker() {
  return <span className="on-marker">On in the last hour</span>;
}
