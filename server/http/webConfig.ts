// What /config.json tells the web app (server/app.ts), whose origins the Content-Security-Policy allows (security.ts).

/** The service base URLs the web app calls; empty means the server that served the app. */
export interface WebConfig {
  apiBaseUrl: string;
  authBaseUrl: string;
  paymentsBaseUrl: string;
  masterBaseUrl: string;
  imagesBaseUrl: string;
  /** Rows above which the web app has the server build Excel and CSV files (its default when absent). */
  exportServerRows?: number;
  /** The operator's time zone (OPERATOR_TIME_ZONE): the browser's "today" and the zone its files name. */
  timeZone: string;
  /** E-mail subscriptions can be sent (SMTP_URL is set): else the screen says sending is not configured. */
  mail: boolean;
}
