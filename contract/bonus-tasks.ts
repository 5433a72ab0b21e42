/**
 * The bonus tasks (ways to gain Soul Power) by their wire number `bonus_type`, in the order every client
 * lists them. Free of zod: the browser bundle imports it.
 */
export const BonusType = {
  bindSocial: 1,
  followOfficial: 2,
  inviteFriends: 3,
  appUpgrade: 4,
} as const;
export type BonusTypeValue = (typeof BonusType)[keyof typeof BonusType];

export const BONUS_TASK_ORDER: readonly BonusTypeValue[] = [
  BonusType.bindSocial,
  BonusType.followOfficial,
  BonusType.inviteFriends,
  BonusType.appUpgrade,
];
