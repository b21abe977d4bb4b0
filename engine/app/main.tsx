import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Placeholder page until the report engine lands.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main style={{ fontFamily: 'sans-serif', padding: 32, color: '#A88E68' }}>
      <h1>Mirador</h1>
      <p>Back office de reportes. La API está disponible en /api/v1.</p>
    </main>
  </StrictMode>,
);
