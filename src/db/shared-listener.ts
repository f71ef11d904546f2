import pg from 'pg';

/**
 * One LISTEN connection per server for every church a process serves (issue 40). A listener holds its connection for
 * good; with a connection of its own per church and channel, 21 churches held 63 connections of one instance, and 200
 * would pass the server's own limit. Signals carry their church's schema, and each church's handler hears its own.
 */
interface Channel {
  handlers: Set<(payload: string) => void>;
  listening: Promise<unknown>;
}

interface Hub {
  client: pg.Client;
  connected: Promise<unknown>;
  channels: Map<string, Channel>;
}

const hubs = new Map<string, Hub>();

function hubFor(connectionString: string): Hub {
  const known = hubs.get(connectionString);
  if (known) return known;
  const client = new pg.Client({ connectionString });
  // A dropped connection must not end the process; its listeners stop hearing, as a single church's would.
  client.on('error', () => undefined);
  const channels = new Map<string, Channel>();
  client.on('notification', (message) => {
    for (const handler of channels.get(message.channel)?.handlers ?? []) handler(message.payload ?? '');
  });
  const hub = { client, channels, connected: client.connect() };
  hub.connected.catch(() => hubs.get(connectionString) === hub && hubs.delete(connectionString));
  hubs.set(connectionString, hub);
  return hub;
}

/** Calls `onPayload` with each NOTIFY on `channel` of the server; answers a function that stops it. */
export async function listenShared(connectionString: string, channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
  const hub = hubFor(connectionString);
  await hub.connected;
  let entry = hub.channels.get(channel);
  if (!entry) {
    entry = { handlers: new Set(), listening: hub.client.query(`listen ${pg.escapeIdentifier(channel)}`) };
    hub.channels.set(channel, entry);
  }
  const handler = (payload: string) => onPayload(payload);
  entry.handlers.add(handler);
  await entry.listening;
  const current = entry;
  return async () => {
    if (!current.handlers.delete(handler) || current.handlers.size > 0) return;
    hub.channels.delete(channel);
    if (hub.channels.size > 0) {
      await hub.client.query(`unlisten ${pg.escapeIdentifier(channel)}`);
      return;
    }
    if (hubs.get(connectionString) === hub) hubs.delete(connectionString);
    await hub.client.end();
  };
}
