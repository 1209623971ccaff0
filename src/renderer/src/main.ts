import { createApp } from 'vue'
import { createPinia } from 'pinia'
import '@fontsource/inter/400.css'
import '@fontsource/inter/500.css'
import '@fontsource/inter/600.css'
import '@fontsource/eb-garamond/500.css'
import '@fontsource/eb-garamond/600.css'
import './styles.css'
import App from './App.vue'
import { router } from './router'
import { setBridge } from './door'
import { httpBridge, takeToken } from './httpBridge'

// The desktop preload provides the bridge; in a browser we speak HTTP to the host that served us.
const bridge = window.quarterdeck ?? (() => {
  const token = takeToken()
  return token ? httpBridge(token) : null
})()
if (bridge) setBridge(bridge)

createApp(App, { connected: bridge !== null }).use(createPinia()).use(router).mount('#app')
