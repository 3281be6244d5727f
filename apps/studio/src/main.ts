// Entry of the studio page: the UI module mounts into #studio.
import { startStudio } from "./ui/app.js";

const root = document.getElementById("studio");
if (root) void startStudio(root);
