// The MQTT load: publishes TTS v3 uplinks (each its own identity, frame counter and one of 200
// devices; every tenth with a button press) at QoS 1 to the broker for the given seconds, as fast as
// the broker acknowledges them with `window` publications in flight; prints "started" once connected
// and "published <n>" at the end.
// Usage: node bench/lib/mqtt-publisher.mjs <url> <seconds> <templates.json> <run id> <fcnt base> [window]
import { readFileSync } from 'node:fs';
import mqtt from 'mqtt';

const [url, seconds, templatesFile, runId, fcntBase, window = '64'] = process.argv.slice(2);
const { periodic, press } = JSON.parse(readFileSync(templatesFile, 'utf8'));
const client = await mqtt.connectAsync(url, { clientId: `bench-pub-${runId}`, clean: true });
console.log('started');
const hex = (n, width) => n.toString(16).toUpperCase().padStart(width, '0');
let n = 0;
let published = 0;
const until = Date.now() + Number(seconds) * 1000;
const one = async () => {
  while (Date.now() < until) {
    n++;
    const deveui = `BE0C${hex(n % 200, 12)}`;
    const body = (n % 10 === 0 ? press : periodic)
      .replace('__DEVEUI__', deveui)
      .replace('__FCNT__', String(Number(fcntBase) + n))
      .replace('__ID__', `${runId}${String(n).padStart(18, '0')}`);
    await client.publishAsync(`v3/bench@ttn/devices/box-${n % 200}/up`, body, { qos: 1 });
    published++;
  }
};
await Promise.all(Array.from({ length: Number(window) }, one));
await client.endAsync();
console.log(`published ${published}`);
