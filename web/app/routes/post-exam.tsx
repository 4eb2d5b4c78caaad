// Placeholder while the screen is built in this change; replaced before it lands.
export { default } from './coming-soon.tsx'
