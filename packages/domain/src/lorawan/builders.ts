import { bytesToBase64, bytesToHex } from './bytes';

/*
 * Uplink documents as The Things Stack v3, ChirpStack v4, Actility ThingPark, Loriot and Helium send
 * them (the fields of the fixtures in fixtures/), for the simulator, tests and benchmarks. TTS omits
 * zero values (f_cnt 0 is absent).
 */

export interface UplinkSpec {
  /** 16 hexadecimal digits; TTS sends upper case, ChirpStack lower case. */
  deveui: string;
  fCnt: number;
  fPort: number;
  payload: Uint8Array;
  /** Reception time at the network server, epoch ms. */
  receivedAt: number;
  /**
   * The network server's own id of this uplink: 26 characters for TTS's `as:up:` ULID, a UUID for
   * ChirpStack's deduplicationId (derived from the spec when absent, so a re-delivery repeats it).
   */
  id?: string;
  /** DevAddr, 8 hexadecimal digits: changes on every join. */
  devAddr?: string;
  deviceName?: string;
  applicationId?: string;
  /** How many gateways heard it (rx_metadata / rxInfo entries). */
  gateways?: number;
  /** TTS device repository model (version_ids.model_id), ChirpStack device-profile name. */
  model?: string;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A deterministic 32-bit hash of a text (FNV-1a), for ids derived from a spec. */
function hash(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const specKey = (s: UplinkSpec) => `${s.deveui}/${s.devAddr ?? ''}/${s.fCnt}/${s.receivedAt}`;

/** A ULID-shaped id: 10 characters of time, 16 derived from the key. */
export function ulidOf(time: number, key: string): string {
  let out = '';
  let t = time;
  for (let i = 0; i < 10; i++) {
    out = (CROCKFORD[t % 32] ?? '0') + out;
    t = Math.floor(t / 32);
  }
  for (let i = 0; i < 16; i++) out += CROCKFORD[hash(key, i + 1) % 32];
  return out;
}

/** A UUID-shaped id derived from the key. */
export function uuidOf(key: string): string {
  const hex = [1, 2, 3, 4]
    .map((i) =>
      hash(key, i * 7919)
        .toString(16)
        .padStart(8, '0'),
    )
    .join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A TTS v3 application uplink message (webhook body, or MQTT payload on v3/{app}/devices/{id}/up). */
export function ttsUplinkMessage(s: UplinkSpec): Record<string, unknown> {
  const deveui = s.deveui.toUpperCase();
  const devAddr = (s.devAddr ?? '260B1C2D').toUpperCase();
  const id = s.id ?? ulidOf(s.receivedAt, specKey(s));
  const up: Record<string, unknown> = {
    session_key_id: bytesToBase64(
      new Uint8Array([...devAddr.matchAll(/../g)].map((m) => Number.parseInt(m[0], 16))),
    ),
    f_port: s.fPort,
    ...(s.fCnt === 0 ? {} : { f_cnt: s.fCnt }),
    frm_payload: bytesToBase64(s.payload),
    rx_metadata: Array.from({ length: s.gateways ?? 1 }, (_, i) => ({
      gateway_ids: {
        gateway_id: `gw-${i + 1}`,
        eui: `58A0CBFFFE8052${(0xe0 + i).toString(16).toUpperCase()}`,
      },
      time: iso(s.receivedAt - 300),
      timestamp: (s.receivedAt * 1000) % 4_294_967_296,
      rssi: -60 - i * 20,
      channel_rssi: -60 - i * 20,
      snr: 9.5 - i * 6,
      channel_index: s.fCnt % 8,
      received_at: iso(s.receivedAt - 250 + i * 10),
    })),
    settings: {
      data_rate: { lora: { bandwidth: 125000, spreading_factor: 7, coding_rate: '4/5' } },
      frequency: '868100000',
      time: iso(s.receivedAt - 300),
    },
    received_at: iso(s.receivedAt - 200),
    consumed_airtime: '0.051456s',
    version_ids: { brand_id: 'dosedot', model_id: s.model ?? 'dosedot-box', band_id: 'EU_863_870' },
    network_ids: { net_id: '000013', tenant_id: 'ttn', cluster_id: 'eu1' },
  };
  return {
    end_device_ids: {
      device_id: s.deviceName ?? `box-${deveui.toLowerCase()}`,
      application_ids: { application_id: s.applicationId ?? 'dosedot' },
      dev_eui: deveui,
      join_eui: '800000000000000C',
      dev_addr: devAddr,
    },
    correlation_ids: [`as:up:${id}`, `gs:uplink:${ulidOf(s.receivedAt, `${specKey(s)}/gs`)}`],
    received_at: iso(s.receivedAt),
    uplink_message: up,
  };
}

/** A ChirpStack v4 `up` event (HTTP ?event=up, or MQTT on application/{id}/device/{devEui}/event/up). */
export function chirpstackUpEvent(s: UplinkSpec): Record<string, unknown> {
  return {
    deduplicationId: s.id ?? uuidOf(specKey(s)),
    time: iso(s.receivedAt),
    deviceInfo: {
      tenantId: '52f14cd4-c6f1-4fbd-8f87-4025e1d49242',
      tenantName: 'ChirpStack',
      applicationId: s.applicationId ?? 'a1b2c3d4-0000-4000-8000-00000000a001',
      applicationName: 'dosedot',
      deviceProfileId: 'd0c0ffee-0000-4000-8000-00000000d001',
      deviceProfileName: s.model ?? 'DoseDot box EU868',
      deviceName: s.deviceName ?? `box-${s.deveui.toLowerCase()}`,
      devEui: s.deveui.toLowerCase(),
      tags: {},
    },
    devAddr: (s.devAddr ?? '260b1c2d').toLowerCase(),
    adr: true,
    dr: 5,
    fCnt: s.fCnt,
    fPort: s.fPort,
    confirmed: false,
    data: bytesToBase64(s.payload),
    rxInfo: Array.from({ length: s.gateways ?? 1 }, (_, i) => ({
      gatewayId: `58a0cbfffe8052${(0xe0 + i).toString(16)}`,
      uplinkId: hash(specKey(s), i),
      gwTime: iso(s.receivedAt),
      nsTime: iso(s.receivedAt + 40 + i * 10),
      rssi: -60 - i * 20,
      snr: 9.5 - i * 6,
      context: 'MlR0xA==',
      crcStatus: 'CRC_OK',
    })),
    txInfo: {
      frequency: 868100000,
      modulation: { lora: { bandwidth: 125000, spreadingFactor: 7, codeRate: 'CR_4_5' } },
    },
  };
}

/** The time as ThingPark writes it: milliseconds and a zone offset (here +01:00, as its examples have one). */
function thingparkTime(ms: number): string {
  return `${new Date(ms + 3_600_000).toISOString().slice(0, 23)}+01:00`;
}

/**
 * An Actility ThingPark uplink (tunnel interface / IoT Flow JSON), the fields of
 * fixtures/thingpark/uplink-docs-example.json: numbers as strings, the payload in hexadecimal.
 */
export function thingparkUplink(s: UplinkSpec): Record<string, unknown> {
  return {
    DevEUI_uplink: {
      Time: thingparkTime(s.receivedAt),
      DevEUI: s.deveui.toUpperCase(),
      FPort: String(s.fPort),
      FCntUp: String(s.fCnt),
      ADRbit: '1',
      MType: '2',
      FCntDn: '0',
      payload_hex: bytesToHex(s.payload).toLowerCase(),
      mic_hex: 'cfffc70f',
      Lrcid: '00000206',
      LrrRSSI: '-80.000000',
      LrrSNR: '7.000000',
      SpFact: '7',
      SubBand: 'G2',
      Channel: 'LC6',
      DevLrrCnt: String(s.gateways ?? 1),
      Lrrid: '004A18E3',
      Late: '0',
      Lrrs: {
        Lrr: Array.from({ length: s.gateways ?? 1 }, (_, i) => ({
          Lrrid: `004A18E${i}`,
          Chain: '0',
          LrrRSSI: `${-80 - i * 20}.000000`,
          LrrSNR: '7.000000',
          LrrESP: '-80.790100',
        })),
      },
      CustomerID: '1100000077',
      CustomerData: {
        alr: { pro: 'DoseDot/box', ver: '1' },
        name: s.deviceName ?? `box-${s.deveui.toLowerCase()}`,
      },
      DevAddr: (s.devAddr ?? '260B1C2D').toUpperCase(),
      TxPower: 2.0,
      NbTrans: 1,
      Frequency: 868.1,
      DynamicClass: 'A',
    },
  };
}

/** A Loriot uplink data message (`cmd: "rx"`), the fields of fixtures/loriot/uplink-docs-example.json. */
export function loriotUplink(s: UplinkSpec): Record<string, unknown> {
  return {
    cmd: 'rx',
    EUI: s.deveui.toUpperCase(),
    ts: s.receivedAt,
    ack: false,
    bat: 254,
    fcnt: s.fCnt,
    port: s.fPort,
    data: bytesToHex(s.payload).toLowerCase(),
  };
}

/** A Helium Console uplink, the fields of fixtures/helium/uplink-docs-example.json. */
export function heliumUplink(s: UplinkSpec): Record<string, unknown> {
  return {
    app_eui: '6948A4B59F4666AD',
    dev_eui: s.deveui.toUpperCase(),
    devaddr: (s.devAddr ?? '260B1C2D').toUpperCase(),
    fcnt: s.fCnt,
    hotspots: Array.from({ length: s.gateways ?? 1 }, (_, i) => ({
      frequency: 868.1,
      id: `11KHJW1ePkfhLYptMwKyDzn4opLc62daahbi35uxhH3wwi7p6x${i}`,
      name: 'icy-fiery-hippo',
      reported_at: s.receivedAt + i,
      rssi: -54 - i * 20,
      snr: 9.8,
      spreading: 'SF7BW125',
      status: 'success',
    })),
    id: uuidOf(`${s.deveui}/helium-device`),
    metadata: { labels: [] },
    name: s.deviceName ?? `box-${s.deveui.toLowerCase()}`,
    payload: bytesToBase64(s.payload),
    payload_size: s.payload.length,
    port: s.fPort,
    reported_at: s.receivedAt,
  };
}
