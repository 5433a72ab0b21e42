/** A native-app analytics event (docs/native-bridge.md), carried to the page by the toast of the action that saw it. */
export interface NativeEvent {
  name: "click_get_otp" | "login" | "remind_level_1";
  params?: Record<string, string | number | boolean>;
}
