import { z } from 'zod';

/**
 * GET /api/medicines/stock: each medicine that keeps a stock, with what is left now (units) and
 * about how many days that lasts at its daily doses (null: as needed, nothing to go by).
 */
export const medicineStockSchema = z.object({
  medicineId: z.number().int(),
  stock: z.number(),
  stockAt: z.string(),
  perIntake: z.number(),
  left: z.number(),
  daysLeft: z.number().int().nullable(),
});
export type MedicineStock = z.infer<typeof medicineStockSchema>;
export const medicineStockResponseSchema = z.object({ data: z.array(medicineStockSchema) });
export type MedicineStockResponse = z.infer<typeof medicineStockResponseSchema>;
