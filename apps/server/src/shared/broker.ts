import { connect, connectAsync, type IClientOptions, type MqttClient } from 'mqtt';

// The one way the server and its command line connect to an MQTT broker. mqtt.js parses a URL string
// with Node's legacy url.parse(), which Node deprecates (DEP0169) with a warning on the terminal at the
// first connection; so the URL is parsed here (WHATWG URL) and mqtt.js is given options only.

type Protocol = NonNullable<IClientOptions['protocol']>;

/** A broker URL (mqtt://user:pass@host:1883, mqtts://, ws://host/path) as mqtt.js connection options. */
export function brokerOptions(url: string): IClientOptions {
  const parsed = new URL(url);
  const options: IClientOptions = {
    protocol: parsed.protocol.replace(/:$/, '') as Protocol,
    // IPv6 hosts come bracketed in a URL ([::1]); sockets take them bare.
    hostname: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
  };
  if (parsed.port !== '') options.port = Number(parsed.port);
  if (parsed.username !== '') options.username = decodeURIComponent(parsed.username);
  if (parsed.password !== '') options.password = decodeURIComponent(parsed.password);
  if (/^wss?$/.test(options.protocol as string)) options.path = `${parsed.pathname}${parsed.search}`;
  return options;
}

export function connectBroker(url: string, options: IClientOptions = {}): MqttClient {
  return connect({ ...brokerOptions(url), ...options });
}

export function connectBrokerAsync(url: string, options: IClientOptions = {}): Promise<MqttClient> {
  return connectAsync({ ...brokerOptions(url), ...options });
}
