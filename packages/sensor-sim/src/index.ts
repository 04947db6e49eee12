// The simulated medicine box lands with the sensor-ingestion issue; this workspace exists so the
// layout of ARCHITECTURE.md section 2 is in place from the start.
export {};
