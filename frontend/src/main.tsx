import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { servedOverHTTP } from './api';
import { SignInGate } from './views/SignIn';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {servedOverHTTP() ? (
      <SignInGate>
        <App />
      </SignInGate>
    ) : (
      <App />
    )}
  </StrictMode>,
);
