/** The site editor on SQLite, one instance (site-editor.ts). */
import { ownerEditsTheSite } from './site-editor.ts';

ownerEditsTheSite('sqlite');
