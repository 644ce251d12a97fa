/** Small statistics the benches share: the median of a few runs, and a budget verdict. */

/** The median of the values (the mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** A figure against its budget (lower is better, strictly under the budget to meet it). */
export interface BudgetLine {
  name: string;
  value: number;
  budget: number;
  unit: string;
  isMet: boolean;
}

export function againstBudget(name: string, value: number, budget: number, unit: string): BudgetLine {
  return { name, value, budget, unit, isMet: Number.isFinite(value) && value < budget };
}

export function formatBudget(line: BudgetLine, detail = ''): string {
  const verdict = line.isMet ? 'MET   ' : 'MISSED';
  const gap = line.isMet
    ? ''
    : Number.isFinite(line.value)
      ? `, over by ${round(line.value - line.budget)} ${line.unit} (${round(((line.value - line.budget) / line.budget) * 100)} %)`
      : ', not measured';
  return `  ${verdict}  ${line.name}: ${round(line.value)} ${line.unit} (budget < ${line.budget} ${line.unit}${gap})${detail}`;
}

export const round = (value: number, digits = 1): number => Math.round(value * 10 ** digits) / 10 ** digits;
