import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("print", "routes/print.tsx"),
  route("basket", "routes/basket.tsx"),
  route("faq", "routes/faq.tsx"),
  route("about-us", "routes/about-us.tsx"),
  route("terms", "routes/terms.tsx"),
  route("contact-us", "routes/contact-us.tsx"),
  route("login", "routes/account/login.tsx"),
  route("signup", "routes/account/signup.tsx"),
  route("forgot-password", "routes/account/forgot-password.tsx"),
  route("reset-password", "routes/account/reset-password.tsx"),
  route("my-account", "routes/account/layout.tsx", [
    index("routes/account/hub.tsx"),
    route("details", "routes/account/details.tsx"),
  ]),
  route("product/:slug", "routes/product.tsx"),
  route("category/:subcategoryId/:subcategorySlug", "routes/subcategory.tsx"),
  route(":categorySlug", "routes/category.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
