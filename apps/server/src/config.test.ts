import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('has safe defaults', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/app/data',
      databaseUrl: null,
      publicOrigin: 'http://localhost:8080',
      publicOriginExplicit: false,
      secureCookies: false,
      sessionIdleMs: 30 * 60_000,
      sessionAbsoluteMs: 12 * 3_600_000,
      passwordIterations: 600_000,
      logLevel: 'info',
      trustProxy: false,
      bodyLimitBytes: 1024 * 1024,
      demo: true,
      demoLive: true,
      demoSupplier: false,
      demoHistoryDays: null,
      demoNeighbours: 200,
    });
    expect(c.webDist).toMatch(/apps\/web\/dist$/);
  });

  it('reads VAPID_SUBJECT (unset: no push), refusing a local contact Apple would refuse', () => {
    expect(loadConfig({}, '/srv/app').vapidSubject).toBeNull();
    for (const ok of ['mailto:ops@example.com', 'https://care.example.org'])
      expect(loadConfig({ VAPID_SUBJECT: ok }, '/srv/app').vapidSubject).toBe(ok);
    const refused = (raw: string, env: Record<string, string> = {}) => {
      try {
        loadConfig({ VAPID_SUBJECT: raw, ...env }, '/srv/app');
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error(`${raw} was accepted`);
    };
    for (const local of [
      'https://localhost',
      'https://localhost:8443/x',
      'https://127.0.0.1',
      'https://care.local',
      'mailto:me@localhost',
    ])
      expect(refused(local)).toContain("Apple's push service refuses localhost");
    expect(refused('http://care.example.org')).toContain('must start with mailto: or https:');
    expect(refused('mailto:')).toContain('needs an address');
    expect(refused('ops@example.com')).toContain('mailto: address or an https: URL');
    expect(refused('mailto:ops@example.com', { DATABASE_URL: 'postgres://db/x' })).toContain(
      'needs SECRETS_KEY',
    );
  });

  it('reads PUSH_SERVICE_HOSTS: the browser vendors by default, host names only', () => {
    expect(loadConfig({}, '/srv/app').pushServiceHosts).toEqual([
      'fcm.googleapis.com',
      '*.push.services.mozilla.com',
      '*.push.apple.com',
      '*.notify.windows.com',
    ]);
    expect(
      loadConfig({ PUSH_SERVICE_HOSTS: ' Push.Example , *.svc.example' }, '/srv/app').pushServiceHosts,
    ).toEqual(['push.example', '*.svc.example']);
    expect(() => loadConfig({ PUSH_SERVICE_HOSTS: 'https://push.example' }, '/srv/app')).toThrow(
      new ConfigError(
        'PUSH_SERVICE_HOSTS must be host names separated by commas, each optionally starting with *. (got "https://push.example")',
      ),
    );
  });

  it('reads MQTT_URL (unset: no MQTT) and refuses what is not a broker URL', () => {
    expect(loadConfig({}, '/srv/app')).toMatchObject({ mqttUrl: null, mqttClientId: 'homeview-ingest' });
    expect(
      loadConfig({ MQTT_URL: 'mqtt://u:p@broker:1883', MQTT_CLIENT_ID: 'homeview-a' }, '/srv/app'),
    ).toMatchObject({ mqttUrl: 'mqtt://u:p@broker:1883', mqttClientId: 'homeview-a' });
    expect(() => loadConfig({ MQTT_URL: 'http://broker' }, '/srv/app')).toThrow(
      new ConfigError('MQTT_URL must start with mqtt://, mqtts://, ws:// or wss:// (got http://)'),
    );
    expect(() => loadConfig({ MQTT_URL: 'broker:1883x' }, '/srv/app')).toThrow(ConfigError);
  });

  it('reads MQTT_SHARE_GROUP (default homeview) and refuses what is not one level of a topic filter', () => {
    expect(loadConfig({}, '/srv/app').mqttShareGroup).toBe('homeview');
    expect(loadConfig({ MQTT_SHARE_GROUP: 'staging_2' }, '/srv/app').mqttShareGroup).toBe('staging_2');
    for (const bad of ['a/b', 'a+', '#', 'x'.repeat(65)])
      expect(() => loadConfig({ MQTT_SHARE_GROUP: bad }, '/srv/app'), bad).toThrow(ConfigError);
  });

  it('reads MQTT_PARTITIONS (default 8) and refuses what is not a whole number from 1 to 256', () => {
    expect(loadConfig({}, '/srv/app').mqttPartitions).toBe(8);
    expect(loadConfig({ MQTT_PARTITIONS: '32' }, '/srv/app').mqttPartitions).toBe(32);
    expect(() => loadConfig({ MQTT_PARTITIONS: '0' }, '/srv/app')).toThrow(
      new ConfigError('MQTT_PARTITIONS must be a whole number from 1 to 256 (got "0")'),
    );
    for (const bad of ['257', '-1', '2.5', 'eight'])
      expect(() => loadConfig({ MQTT_PARTITIONS: bad }, '/srv/app'), bad).toThrow(ConfigError);
  });

  it('turns on Secure cookies for an https origin', () => {
    const c = loadConfig({ PUBLIC_ORIGIN: 'https://homeview.example/' });
    expect(c.publicOrigin).toBe('https://homeview.example');
    expect(c.secureCookies).toBe(true);
    expect(c.publicOriginExplicit).toBe(true);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['SESSION_IDLE_MINUTES', '0'],
    ['PASSWORD_ITERATIONS', '-5'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_ORIGIN', 'localhost:8080'],
    ['PUBLIC_ORIGIN', 'https://x.example/app'],
    ['TRUST_PROXY', 'yes'],
    ['DEMO', 'yes'],
    ['DEMO_LIVE', 'yes'],
    ['DEMO_HISTORY_DAYS', '0'],
    ['DEMO_NEIGHBOURS', '5000'],
  ])('refuses %s=%s naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('creates the demo (published password) on PostgreSQL only when DEMO=true', () => {
    const url = 'postgres://app@db.example/homeview';
    expect(loadConfig({ DATABASE_URL: url }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, DEMO: 'true' }).demo).toBe(true);
    expect(loadConfig({ DEMO: 'false' }).demo).toBe(false);
  });
});
