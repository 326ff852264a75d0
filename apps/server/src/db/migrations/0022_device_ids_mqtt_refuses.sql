-- Device ids MQTT refuses in a topic (issue 34 item 2): C0/C1 controls, DEL and Unicode non-characters
-- (lone surrogates and NUL are no PostgreSQL text, so none is stored). Mosquitto drops a client whose
-- SUBSCRIBE holds one, so such an id made its whole partition deaf. The id check refuses them from now on
-- (deviceIdProblem); a device already stored with one is renamed `refused-id-<row id>` and its card says
-- so, with the old id (those characters shown as ?), as a refused message: its owner removes it and adds
-- the device under its real id. Unclaimed and refused-message records of such ids are dropped.
update devices
   set device_id = 'refused-id-' || id,
       rejects = rejects + 1,
       last_reject_reason = 'Its id "' || regexp_replace(device_id, '[\u0001-\u001f\u007f-\u009f\ufdd0-\ufdef\ufffe\uffff\U0001fffe-\U0001ffff\U0002fffe-\U0002ffff\U0003fffe-\U0003ffff\U0004fffe-\U0004ffff\U0005fffe-\U0005ffff\U0006fffe-\U0006ffff\U0007fffe-\U0007ffff\U0008fffe-\U0008ffff\U0009fffe-\U0009ffff\U000afffe-\U000affff\U000bfffe-\U000bffff\U000cfffe-\U000cffff\U000dfffe-\U000dffff\U000efffe-\U000effff\U000ffffe-\U000fffff\U0010fffe-\U0010ffff]', '?', 'g')
         || '" holds characters MQTT refuses in a topic, so it was renamed refused-id-' || id
         || ': remove it and add the device under its real id.',
       last_reject_at = extract(epoch from now())::bigint
 where device_id ~ '[\u0001-\u001f\u007f-\u009f\ufdd0-\ufdef\ufffe\uffff\U0001fffe-\U0001ffff\U0002fffe-\U0002ffff\U0003fffe-\U0003ffff\U0004fffe-\U0004ffff\U0005fffe-\U0005ffff\U0006fffe-\U0006ffff\U0007fffe-\U0007ffff\U0008fffe-\U0008ffff\U0009fffe-\U0009ffff\U000afffe-\U000affff\U000bfffe-\U000bffff\U000cfffe-\U000cffff\U000dfffe-\U000dffff\U000efffe-\U000effff\U000ffffe-\U000fffff\U0010fffe-\U0010ffff]';

delete from unclaimed_devices where device_id ~ '[\u0001-\u001f\u007f-\u009f\ufdd0-\ufdef\ufffe\uffff\U0001fffe-\U0001ffff\U0002fffe-\U0002ffff\U0003fffe-\U0003ffff\U0004fffe-\U0004ffff\U0005fffe-\U0005ffff\U0006fffe-\U0006ffff\U0007fffe-\U0007ffff\U0008fffe-\U0008ffff\U0009fffe-\U0009ffff\U000afffe-\U000affff\U000bfffe-\U000bffff\U000cfffe-\U000cffff\U000dfffe-\U000dffff\U000efffe-\U000effff\U000ffffe-\U000fffff\U0010fffe-\U0010ffff]';
delete from device_rejects where device_id ~ '[\u0001-\u001f\u007f-\u009f\ufdd0-\ufdef\ufffe\uffff\U0001fffe-\U0001ffff\U0002fffe-\U0002ffff\U0003fffe-\U0003ffff\U0004fffe-\U0004ffff\U0005fffe-\U0005ffff\U0006fffe-\U0006ffff\U0007fffe-\U0007ffff\U0008fffe-\U0008ffff\U0009fffe-\U0009ffff\U000afffe-\U000affff\U000bfffe-\U000bffff\U000cfffe-\U000cffff\U000dfffe-\U000dffff\U000efffe-\U000effff\U000ffffe-\U000fffff\U0010fffe-\U0010ffff]';
