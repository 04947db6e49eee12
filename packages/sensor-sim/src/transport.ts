import mqtt, { type MqttClient } from 'mqtt';
import type { SimUplink } from './box';

/** Where the simulated network server delivers uplinks. */
export interface Transport {
  send(uplink: SimUplink): Promise<string>;
  close(): Promise<void>;
}

/** Webhooks, as TTS (POST /api/ingest/tts) and ChirpStack (POST /api/ingest/chirpstack?event=up) call them. */
export function httpTransport(baseUrl: string, token: string): Transport {
  const base = baseUrl.replace(/\/$/, '');
  return {
    async send(uplink) {
      const url =
        uplink.network === 'tts' ? `${base}/api/ingest/tts` : `${base}/api/ingest/chirpstack?event=up`;
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(uplink.body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${res.status} ${text.slice(0, 200)}`);
      try {
        return (JSON.parse(text) as { data?: { result?: string } }).data?.result ?? 'ok';
      } catch {
        return 'ok';
      }
    },
    close: async () => {},
  };
}

/** MQTT topics as the network servers publish them: TTS v3/{app}@{tenant}/devices/{id}/up, ChirpStack application/{id}/device/{devEui}/event/up. */
export async function mqttTransport(url: string): Promise<Transport> {
  const client: MqttClient = await mqtt.connectAsync(url, {
    clientId: `dosedot-sim-${Math.random().toString(16).slice(2, 10)}`,
  });
  return {
    async send(uplink) {
      const ids = uplink.body.end_device_ids as { device_id?: string } | undefined;
      const topic =
        uplink.network === 'tts'
          ? `v3/dosedot@ttn/devices/${ids?.device_id ?? uplink.deveui.toLowerCase()}/up`
          : `application/a1b2c3d4-0000-4000-8000-00000000a001/device/${uplink.deveui.toLowerCase()}/event/up`;
      // TTS publishes at QoS 0 only; ChirpStack is configured for QoS 1 here.
      await client.publishAsync(topic, JSON.stringify(uplink.body), {
        qos: uplink.network === 'tts' ? 0 : 1,
      });
      return 'published';
    },
    close: () => client.endAsync(),
  };
}
