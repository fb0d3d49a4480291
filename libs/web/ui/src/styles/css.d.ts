// Style sheets are bundled by webpack (style-loader); TypeScript only needs to know they exist.
declare module '*.css';
