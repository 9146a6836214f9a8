// Module types the bundler provides: stylesheets imported for their side effect.
declare module '*.css';
