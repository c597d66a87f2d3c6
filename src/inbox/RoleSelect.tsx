import { userRoles, type UserRole } from '../../core/lead/status.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';

interface RoleSelectProps {
  id: string;
  value: UserRole;
  onChange: (role: UserRole) => void;
  disabled?: boolean;
  className?: string;
}

/** The choice of owner or staff, for a new person and for changing someone's role. */
export function RoleSelect({ id, value, onChange, disabled = false, className = ui.field }: RoleSelectProps) {
  return (
    <select id={id} className={className} value={value} disabled={disabled} onChange={(e) => onChange(userRoles.find((r) => r === e.target.value) ?? value)}>
      {userRoles.map((r) => (
        <option key={r} value={r}>
          {words.people.roles[r]}
        </option>
      ))}
    </select>
  );
}
