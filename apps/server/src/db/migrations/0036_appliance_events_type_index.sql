-- Issue 38 (storage): the index of appliance uses by type across homes (0006) served the appliance
-- detail's comparison with other homes, which reads appliance_daily now and never the uses themselves;
-- every read of appliance_events names its house (the primary key and (house_id, start_ts) serve them).
-- It was a fifth of a home-year's uses: `npm run bench storage`, 0.81 → 0.66 MB, the home-year 2.03 → 1.88 MB.
drop index if exists appliance_events_type_time_idx;
