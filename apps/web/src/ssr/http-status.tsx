import { createContext, type ReactNode, useContext } from 'react';

/** Where a server render records the status its page answers with (a browser render has none). */
export interface HttpStatusRecorder {
  status: number;
}

const HttpStatusContext = createContext<HttpStatusRecorder | null>(null);

export function HttpStatusProvider({ recorder, children }: { recorder: HttpStatusRecorder; children: ReactNode }) {
  return <HttpStatusContext.Provider value={recorder}>{children}</HttpStatusContext.Provider>;
}

/**
 * The HTTP status of the page that renders this: a not-found page calls useHttpStatus(404), so the server
 * answers 404 rather than 200 (search engines drop the address). Does nothing in the browser.
 */
export function useHttpStatus(status: number): void {
  const recorder = useContext(HttpStatusContext);
  if (recorder) recorder.status = status;
}
