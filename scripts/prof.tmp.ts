import { measure } from "./bench/load";
const url = "http://localhost:3191";
const login = await fetch(url + "/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json", Origin: url }, body: JSON.stringify({ email: "buyer@example.com", password: "buyer-demo" }) });
const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
console.log(await measure(url, { path: process.argv[2]!, headers: { Cookie: cookie } }, { connections: 4, seconds: 12 }));
