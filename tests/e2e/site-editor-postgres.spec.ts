/** The site editor on PostgreSQL, two instances behind one balancer: the price guide's journey (site-editor.ts). */
import { ownerEditsTheSite } from './site-editor.ts';

ownerEditsTheSite('postgres', ['price guide']);
