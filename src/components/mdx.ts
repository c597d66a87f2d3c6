/** Components MDX bodies may use without importing them: business facts from the config. */
import { BusinessName, EmailLink, EmergencyLineLink } from './BusinessFacts.tsx';

export const mdxComponents = { Business: BusinessName, Email: EmailLink, EmergencyLine: EmergencyLineLink };
