import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// Every page loads React, React Router and the site's shell (header, footer and what they import). Left to
// automatic splitting these came as a dozen small chunks, each a request of its own; two chunks instead.
// The shell also takes the money formatter and page meta helper (under 2 KB together), which most
// catalogue pages share and which would otherwise be two more requests.
const clientChunks = {
  groups: [
    { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|rolldown[\\/]runtime/, priority: 2 },
    {
      name: "shell",
      test: /(app[\\/](components[\\/]site-(header|footer)|lib[\\/](nonce|inline-stylesheet|meta))|domain[\\/]money)\.tsx?$/,
      priority: 1,
    },
  ],
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: clientChunks } },
  },
}));
