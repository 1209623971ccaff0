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

// The players' screen (issue 21): its own small page, never the GM's panels.
if (window.location.hash.startsWith('#/players')) {
  void import('./players/PlayersScreen.vue').then((m) => createApp(m.default, { bridge }).mount('#app'))
} else createApp(App, { connected: bridge !== null }).use(createPinia()).use(router).mount('#app')
