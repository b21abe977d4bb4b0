import { useState } from 'react';
import { imageUrl } from '../api/client.ts';
import type { Employee } from '../session/session.ts';

function initials(employee: Employee): string {
  const letters = [employee.name, employee.lastName].map((part) => part?.trim().charAt(0) ?? '').join('');
  return (letters || employee.email.charAt(0)).toUpperCase();
}

/** The employee's photo from the images CDN; their initials when there is none or it fails to load. */
export function EmployeeAvatar({ employee }: { employee: Employee }) {
  const [failed, setFailed] = useState(false);
  if (employee.avatar && !failed) {
    return <img className="app-avatar" src={imageUrl(employee.avatar, 'md')} alt="" onError={() => setFailed(true)} />;
  }
  return (
    <span className="app-avatar app-avatar-initials" aria-hidden="true">
      {initials(employee)}
    </span>
  );
}
