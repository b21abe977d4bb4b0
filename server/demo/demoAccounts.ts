/** The demo sign-ins (README, tests and the start banner use these). */
export const demoEmployee = { email: 'demo@mirador.test', password: 'mirador-demo' } as const; // can_see_tips = true
export const restrictedEmployee = { email: 'recepcion@mirador.test', password: 'mirador-recepcion' } as const; // can_see_tips = false
/** Every other demo employee signs in with this password. */
export const staffPassword = 'mirador-staff';
