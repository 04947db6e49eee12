// The MQTT ceiling: a bare subscriber with the same shared subscriptions as DoseDot's (QoS 1), which
// parses each message's JSON and drops it, acknowledging it then (DoseDot acknowledges after its
// commit). Prints "listening on mqtt" once subscribed; answers "count" on stdin with the number of
// messages handled. Usage: node bench/lib/bare-subscriber.mjs <url> <group>
import { createInterface } from 'node:readline';
import mqtt from 'mqtt';

const [url, group] = process.argv.slice(2);
const client = await mqtt.connectAsync(url, { clean: true, resubscribe: false });
let handled = 0;
client.handleMessage = (packet, done) => {
  JSON.parse(packet.payload.toString('utf8'));
  handled++;
  done();
};
await client.subscribeAsync(
  ['v3/+/devices/+/up', 'application/+/device/+/event/up'].map((t) => `$share/${group}/${t}`),
  { qos: 1 },
);
console.log('listening on mqtt');
createInterface({ input: process.stdin }).on('line', () => console.log(`count ${handled}`));
process.on('SIGTERM', () => client.endAsync().then(() => process.exit(0)));
