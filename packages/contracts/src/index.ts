/**
 * @showfloor/contracts: the single source of truth of every shape the product exchanges. Entities, the
 * provider's REST catalogue, the realtime channel, the error catalogue and the business constants.
 */
export * from './constants.ts';
export * from './errors.ts';
export * from './rules.ts';
export * from './access.ts';
export * from './entities/index.ts';
export * from './catalogue/index.ts';
export * from './realtime/index.ts';
export * from './room-frame/index.ts';
export * from './call-widget/index.ts';
