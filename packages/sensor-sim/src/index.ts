export { type BoxConfig, type NetworkServer, type SimUplink, simulateBox } from './box';
export { normal, type Random, seeded } from './random';
export { boxConfigs, DEMO_DEVEUIS, runSimulation, type SimOptions, type SimSummary } from './run';
export { httpTransport, mqttTransport, type Transport } from './transport';
