/// <reference types="vite/client" />
import type { QuarterdeckBridge } from '../../shared/bridge'

declare module '*.vue' {
  import type { DefineComponent } from 'vue'
  const component: DefineComponent<object, object, unknown>
  export default component
}

declare global {
  interface Window {
    /** Present in the desktop app (the preload's one object); absent in a browser. */
    quarterdeck?: QuarterdeckBridge
  }
}
