import type { WebSession } from '../api';
import { createStore } from './store';

/** Who is signed in to the team server's web app (null: nobody yet). */
export const webSessionStore = createStore<WebSession | null>(null);
