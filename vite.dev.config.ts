// Browser-mode development without Electron (`npm run dev` where Electron is unavailable).
import { resolve } from 'node:path'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vite'

const apiPort = process.env.QUARTERDECK_API_PORT ?? '47811'

export default defineConfig({
  root: resolve(__dirname, 'src/renderer'),
  plugins: [vue()],
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': {
        target: `http://127.0.0.1:${apiPort}`,
        // The host only answers requests addressed to itself.
        changeOrigin: true,
        headers: { origin: `http://127.0.0.1:${apiPort}` }
      }
    }
  }
})
