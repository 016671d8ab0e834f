// Notifications: a durable, signed webhook outbox in the ledger's database. Sources publish on
// diagnostics channels (one table, notification-sources.ts); config/notifications.yaml says
// which webhook wants which event; the outbox retries with backoff and keeps dead letters.

export { startNotifications, NOTIFICATIONS_FILE, type RunningNotifications, type StartNotificationsOptions } from './start-notifications.ts';
export { NOTIFICATION_EVENTS, type NotificationEvent, type NotificationEventName } from './notification-event.ts';
export { NOTIFICATION_SOURCES, type NotificationSource } from './notification-sources.ts';
export { parseNotificationsFile, webhooksFor, WEBHOOK_FORMATS, type NotificationSettings, type Webhook } from './notification-config.ts';
export { DELIVERY_STATUSES, type Delivery, type DeliveryStatus, type OutboxStore } from './outbox-store.ts';
export { signatureHeader, verifySignature, SIGNATURE_HEADER, EVENT_HEADER, DELIVERY_HEADER, REPLAY_WINDOW_SECONDS } from './webhook-signature.ts';
export { slackMessage, webhookBody } from './webhook-body.ts';
export { fullJitterBackoff } from './outbox-worker.ts';
export { openOfflineIntake, type OfflineIntake } from './offline-intake.ts';
export { mayAnnounce } from './ledger-catch-up.ts';
