/** The site editor on SQLite, one instance: the photo's journey (site-editor.ts). */
import { ownerEditsTheSite } from './site-editor.ts';

ownerEditsTheSite('sqlite', ['photo']);
