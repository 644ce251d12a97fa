// What src/app uses of the passport: the achievements topic's hook, mounted once in the signed-in root.
export { useAchievementEvents } from './hooks/use-achievement-events.ts';
