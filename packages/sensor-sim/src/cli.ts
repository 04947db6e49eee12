import { parseArgs } from 'node:util';
import { runSimulation, type SimOptions } from './run';
import { httpTransport, mqttTransport, type Transport } from './transport';

const HELP = `Simulated DoseDot medicine boxes sending real LoRaWAN uplink documents.

  npm run sim -- --boxes 5 --transport http|mqtt --speed 60

  --boxes N          boxes to simulate (default 5; the first two are the demo boxes)
  --transport T      http (the webhooks) or mqtt (publish as the network server) (default http)
  --speed S          simulated seconds per real second while catching up (default 60; 0 = flat out)
  --days D           start D days ago, play them at --speed, then go on in real time (default 1)
  --lns L            tts, chirpstack or mixed (default mixed: every other box on ChirpStack)
  --url URL          the DoseDot server for http (default http://localhost:3000)
  --token T          INGEST_TOKEN of the server (default $INGEST_TOKEN)
  --mqtt-url URL     broker for mqtt (default $MQTT_URL or mqtt://127.0.0.1:1883)
  --times LIST       dosage times, local (default 08:00,12:30,19:00)
  --zone Z           zone of the dosage times (default Europe/Berlin)
  --interval M       minutes between periodic uplinks (default 10)
  --duplicates P     chance that an uplink is delivered twice (default 0.03)
  --duration S       stop after S real seconds (default: run until Ctrl-C)
  --seed N           random seed (default 1)
`;

async function main() {
  const { values } = parseArgs({
    options: {
      boxes: { type: 'string', default: '5' },
      transport: { type: 'string', default: 'http' },
      speed: { type: 'string', default: '60' },
      days: { type: 'string', default: '1' },
      lns: { type: 'string', default: 'mixed' },
      url: { type: 'string', default: 'http://localhost:3000' },
      token: { type: 'string', default: process.env.INGEST_TOKEN ?? '' },
      'mqtt-url': { type: 'string', default: process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883' },
      times: { type: 'string', default: '08:00,12:30,19:00' },
      zone: { type: 'string', default: 'Europe/Berlin' },
      interval: { type: 'string', default: '10' },
      duplicates: { type: 'string', default: '0.03' },
      duration: { type: 'string' },
      seed: { type: 'string', default: '1' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const number = (name: string, text: string | undefined, min: number) => {
    const n = Number(text);
    if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number of at least ${min}`);
    return n;
  };
  const lns = values.lns;
  if (lns !== 'tts' && lns !== 'chirpstack' && lns !== 'mixed')
    throw new Error('--lns must be tts, chirpstack or mixed');
  const times = values.times.split(',').map((s) => s.trim());
  if (!times.every((s) => /^\d{2}:\d{2}$/.test(s))) throw new Error('--times must be HH:MM,HH:MM,…');

  let transport: Transport;
  if (values.transport === 'http') {
    if (!values.token)
      throw new Error(
        '--token (or INGEST_TOKEN) is required for http: the server must have the same INGEST_TOKEN',
      );
    transport = httpTransport(values.url, values.token);
  } else if (values.transport === 'mqtt') transport = await mqttTransport(values['mqtt-url']);
  else throw new Error('--transport must be http or mqtt');

  const controller = new AbortController();
  process.on('SIGINT', () => controller.abort());
  process.on('SIGTERM', () => controller.abort());
  const options: SimOptions = {
    boxes: number('boxes', values.boxes, 1),
    speed: number('speed', values.speed, 0),
    days: number('days', values.days, 0),
    network: lns,
    times,
    zone: values.zone,
    intervalMinutes: number('interval', values.interval, 1),
    duplicateChance: number('duplicates', values.duplicates, 0),
    seed: number('seed', values.seed, 0),
    durationSeconds: values.duration === undefined ? undefined : number('duration', values.duration, 0),
    log: (line) => console.log(line),
    signal: controller.signal,
  };
  try {
    const summary = await runSimulation(options, transport);
    console.log(
      `sent ${summary.sent} uplinks (${summary.duplicatesSent} delivered twice), ${summary.presses} presses; answers: ${JSON.stringify(summary.results)}; errors: ${summary.errors}`,
    );
  } finally {
    await transport.close();
  }
}

main().catch((err: unknown) => {
  console.error(`sensor-sim: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
